import { remoteConfig } from '@guiche/web-sdk/remote-config';

export default remoteConfig({ name: 'guiche_queue_integrations', port: 3023 });
