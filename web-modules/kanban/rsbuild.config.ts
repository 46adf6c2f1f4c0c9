import { remoteConfig } from '@guiche/web-sdk/remote-config';

export default remoteConfig({ name: 'guiche_kanban', port: 3013 });
