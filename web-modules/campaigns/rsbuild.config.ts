import { remoteConfig } from '@guiche/web-sdk/remote-config';

export default remoteConfig({ name: 'guiche_campaigns', port: 3021 });
