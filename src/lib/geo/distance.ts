// The console's and the cloud's distance is one formula (the cloud names places with it too).
export { distanceM } from '../../../contract/distance.ts';
