import type { BargainEditionId } from '@chaopin/contracts';
import type { ComponentType } from 'react';
import { useLocation, useParams } from 'react-router';
import NotFoundPage from '../../../ui/NotFoundPage.tsx';
import { type BargainPage, editionOfPath, isBargainPage } from '../edition.ts';
import AuditPage from './AuditPage.tsx';
import BaskSinglePage from './BaskSinglePage.tsx';
import HelpBargainPage from './HelpBargainPage.tsx';
import HomeZeroBargainPage from './HomeZeroBargainPage.tsx';
import HomeZeroDetailPage from './HomeZeroDetailPage.tsx';
import HomeZeroYuanPage from './HomeZeroYuanPage.tsx';
import ThanksPage from './ThanksPage.tsx';
import ThirdStepPage from './ThirdStepPage.tsx';
import '../bargain.css';

const PAGES: Record<BargainPage, ComponentType<{ edition: BargainEditionId }>> = {
  homeZeroYuan: HomeZeroYuanPage,
  homeZeroDetail: HomeZeroDetailPage,
  homeZeroBargain: HomeZeroBargainPage,
  helpBargain: HelpBargainPage,
  thankshelpme: ThanksPage,
  thirdStep: ThirdStepPage,
  audit: AuditPage,
  BaskSingle: BaskSinglePage,
};

/**
 * Both editions' bargain pages (one chunk, like the original's sub-package): the folder names
 * the edition, the last segment the page.
 */
export default function BargainPages() {
  const { page } = useParams();
  const { pathname } = useLocation();
  const edition = editionOfPath(pathname);
  if (!edition || !isBargainPage(page)) return <NotFoundPage />;
  const Page = PAGES[page];
  return <Page edition={edition} />;
}
