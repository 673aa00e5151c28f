import { ResourceListPage } from '../../ui/ResourceScreens.tsx';
import { downloadView } from './download.view.ts';

export const DownloadListScreen = () => <ResourceListPage view={downloadView} />;
