import { HelpFarmersPage } from './simpleZones.tsx';

export default HelpFarmersPage;
