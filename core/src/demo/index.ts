export { DEMO, demoBanner, demoInfo, seedDemo, type DemoInfo } from './seed-demo.js';
export { registerDemoPage } from './demo-page.js';
