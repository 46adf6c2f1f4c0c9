import { lazy, Suspense, type ComponentType } from 'react';
import { defineWebModule, LoadingState, StorageKeys } from '@guiche/web-sdk';
import './i18n/register';
import './campaigns.css';

// outreach-config.md §2: the campaign routes exist while the browser-storage flag cshow does. The
// shell loads this remote only for plans with useCampaigns, so loading it sets the flag; logging out
// (clearSession) removes it.
localStorage.setItem(StorageKeys.campaignFlag, 'true');

const lazyRoute = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return function Route() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
};

/** Contact lists, campaigns, their settings and report (outreach-config.md). The shell's menu lists the paths. */
export default defineWebModule({
  id: 'campaigns',
  planFlag: 'useCampaigns',
  routes: [
    { path: '/contact-lists', Component: lazyRoute(() => import('./pages/ContactListsPage')) },
    { path: '/contact-lists/:contactListId/contacts', Component: lazyRoute(() => import('./pages/ContactListItemsPage')) },
    { path: '/campaigns', Component: lazyRoute(() => import('./pages/CampaignsPage')) },
    { path: '/campaigns-config', Component: lazyRoute(() => import('./pages/CampaignsConfigPage')) },
    { path: '/campaign/:campaignId/report', Component: lazyRoute(() => import('./pages/CampaignReportPage')) },
  ],
  menu: [],
});
