import { Link } from 'react-router';
import { SearchIcon } from '../../../ui/icons.tsx';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';

/** The custom nav bar of the home tab; the search box opens the search page. */
export function HomeHeader() {
  return (
    <header className="home-header">
      <div className="home-header__bar">
        <span className="home-header__logo">{APP_NAME}</span>
        <Link className="home-header__search" to={PATHS.search} aria-label="搜索">
          <SearchIcon />
          <span>搜索你想要的好物</span>
        </Link>
      </div>
    </header>
  );
}
