export { ContactDrawer, type ContactDrawerProps } from './ContactDrawer.js';
