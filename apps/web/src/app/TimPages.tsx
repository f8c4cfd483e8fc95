import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import AddFriendPage from '../features/chat/pages/AddFriendPage.tsx';
import BlacklistPage from '../features/chat/pages/BlacklistPage.tsx';
import ChatRoomsPage from '../features/chat/pages/ChatRoomsPage.tsx';
import ChatUserPage from '../features/chat/pages/ChatUserPage.tsx';
import ContactsPage from '../features/chat/pages/ContactsPage.tsx';
import FriendRequestsPage from '../features/chat/pages/FriendRequestsPage.tsx';
import GroupCreatePage from '../features/chat/pages/GroupCreatePage.tsx';
import GroupInfoPage from '../features/chat/pages/GroupInfoPage.tsx';
import GroupMembersPage from '../features/chat/pages/GroupMembersPage.tsx';
import GroupNoticesPage from '../features/chat/pages/GroupNoticesPage.tsx';
import PharmacistDeskPage from '../features/medicine/pages/PharmacistDeskPage.tsx';
import PrescriptionPage from '../features/medicine/pages/PrescriptionPage.tsx';
import StarPharmacistsPage from '../features/medicine/pages/StarPharmacistsPage.tsx';
import WriteVisitPage from '../features/medicine/pages/WriteVisitPage.tsx';
import NotFoundPage from '../ui/NotFoundPage.tsx';

/**
 * rootPages/tim/<page>: one route for the chat's secondary pages and the 问诊 pages that share its
 * path (their paths and titles are in PATHS / PAGE_CONFIG), so the home route's router table stays
 * small. It puts two features together, so it lives with the router.
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
