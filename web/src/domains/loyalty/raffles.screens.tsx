import { registerDictionaries } from '../../lib/i18n.ts';
import { ResourceCreatePage, ResourceDetailPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { raffleView } from './raffle.view.ts';
import { rafflesI18n } from './raffles.i18n.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(rafflesI18n);

export const RaffleListScreen = listScreen(raffleView);
export const RaffleCreateScreen = () => <ResourceCreatePage view={raffleView} />;
export const RaffleDetailScreen = () => <ResourceDetailPage view={raffleView} />;
