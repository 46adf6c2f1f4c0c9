import { remoteConfig } from '@guiche/web-sdk/remote-config';

export default remoteConfig({ name: 'guiche_flow_builder', port: 3024 });
