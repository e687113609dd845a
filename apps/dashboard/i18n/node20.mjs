// `node --import ./i18n/node20.mjs …` runs Lingui 6's CLI on Node 20 (see node20-hooks.mjs).
import { register } from 'node:module';

register('./node20-hooks.mjs', import.meta.url);
