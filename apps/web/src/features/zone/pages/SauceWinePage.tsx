import { SauceWinePage } from './simpleZones.tsx';

export default SauceWinePage;
