
export { PlansSettingsTab } from './components/PlansSettingsTab.js';
