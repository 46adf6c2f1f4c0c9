/** Timer kinds and keys of a campaign's dispatch (shared by the dispatch, the service and the guards). */
export const START_KIND = 'campaigns.start';
export const DISPATCH_KIND = 'campaigns.dispatch';
export const PROGRESS_KIND = 'campaigns.progress';

export const dispatchKey = (campaignId: number, connectionId: number) => `${campaignId}:${connectionId}`;
