import './i18n/register.js';

export { PlansSettingsTab } from './components/PlansSettingsTab.js';
