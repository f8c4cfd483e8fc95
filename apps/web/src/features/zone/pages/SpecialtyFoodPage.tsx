import { SpecialtyFoodPage } from './simpleZones.tsx';

export default SpecialtyFoodPage;
