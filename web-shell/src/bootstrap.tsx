import { startShell } from './shell.js';

startShell();
