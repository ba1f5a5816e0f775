// Loaded with node --import: see README.md.
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
