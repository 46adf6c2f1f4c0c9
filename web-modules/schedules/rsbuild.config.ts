import { remoteConfig } from '@guiche/web-sdk/remote-config';

export default remoteConfig({ name: 'guiche_schedules', port: 3014 });
