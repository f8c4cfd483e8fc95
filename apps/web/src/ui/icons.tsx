import type { ReactNode } from 'react';

/**
 * The few line icons of the home route (tab bar, home header, feed states), drawn small: the
 * library's icons carry detailed path data that cost the home route ~3 KB gzipped of its 150 KB
 * budget. Sized 1em and coloured currentColor like antd-mobile-icons, so they are drop-in.
 */
function icon(children: ReactNode) {
  return function Icon({ className }: { className?: string }) {
    return (
      <svg
        className={className}
        width="1em"
        height="1em"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    );
  };
}

export const HomeIcon = icon(
  <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
);
export const CategoryIcon = icon(
  <path d="M4 3h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm11 0h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM4 14h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5a1 1 0 0 1 1-1zm11 0h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-5a1 1 0 0 1 1-1z" />,
);
export const LiveIcon = icon(<path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2 5.5v7l5.5-3.5z" />);
export const BagIcon = icon(<path d="M5 8h14l-1 13H6zm4 2V7a3 3 0 0 1 6 0v3" />);
export const UserIcon = icon(<path d="M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21a8 8 0 0 1 16 0" />);
export const SearchIcon = icon(<path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16l-4-4" />);
export const AlertIcon = icon(<path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v6m0 3.5v.5" />);
export const RightIcon = icon(<path d="M9 5l7 7-7 7" />);
