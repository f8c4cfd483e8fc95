import { SearchOutline } from 'antd-mobile-icons';
import { APP_NAME } from '../../../app/pageConfig.ts';

/** The custom nav bar of the home tab. Search does not exist yet, so the box is not a link. */
export function HomeHeader() {
  return (
    <header className="home-header">
      <div className="home-header__bar">
        <span className="home-header__logo">{APP_NAME}</span>
        <div className="home-header__search">
          <SearchOutline />
          <span>搜索你想要的好物</span>
        </div>
      </div>
    </header>
  );
}
