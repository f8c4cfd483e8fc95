import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import NotFoundPage from '../../../ui/NotFoundPage.tsx';
import PharmacistDeskPage from '../../medicine/pages/PharmacistDeskPage.tsx';
import PrescriptionPage from '../../medicine/pages/PrescriptionPage.tsx';
import StarPharmacistsPage from '../../medicine/pages/StarPharmacistsPage.tsx';
import WriteVisitPage from '../../medicine/pages/WriteVisitPage.tsx';
import AddFriendPage from './AddFriendPage.tsx';
import BlacklistPage from './BlacklistPage.tsx';
import ChatRoomsPage from './ChatRoomsPage.tsx';
import ChatUserPage from './ChatUserPage.tsx';
import ContactsPage from './ContactsPage.tsx';
import FriendRequestsPage from './FriendRequestsPage.tsx';
import GroupCreatePage from './GroupCreatePage.tsx';
import GroupInfoPage from './GroupInfoPage.tsx';
import GroupMembersPage from './GroupMembersPage.tsx';
import GroupNoticesPage from './GroupNoticesPage.tsx';

/**
 * rootPages/tim/<page>: one route for the chat's secondary pages (their paths and titles are in
 * PATHS / PAGE_CONFIG), so the home route's router table stays small.
 */
const PAGES: Record<string, ComponentType> = {
  userInfo: ChatUserPage,
  contacts: ContactsPage,
  friendRequests: FriendRequestsPage,
  addFriend: AddFriendPage,
  blacklist: BlacklistPage,
  groupCreate: GroupCreatePage,
  groupInfo: GroupInfoPage,
  groupMembers: GroupMembersPage,
  groupNotices: GroupNoticesPage,
  chatRooms: ChatRoomsPage,
  writeVisit: WriteVisitPage,
  preInfo: PrescriptionPage,
  pharmacistDesk: PharmacistDeskPage,
  starYaoOfficer: StarPharmacistsPage,
};

export default function TimPages() {
  const Page = PAGES[useParams().page ?? ''] ?? NotFoundPage;
  return <Page />;
}
