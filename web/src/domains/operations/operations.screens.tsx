import { listScreen } from '../../ui/ResourceScreens.tsx';
import { downloadView } from './download.view.ts';

export const DownloadListScreen = listScreen(downloadView);
