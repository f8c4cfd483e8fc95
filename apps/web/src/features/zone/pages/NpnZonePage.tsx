import { NpnZonePage } from './simpleZones.tsx';

export default NpnZonePage;
