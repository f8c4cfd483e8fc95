import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import type { loadChatTimPages } from '../features/chat/index.ts';
import type { loadMedicineTimPages } from '../features/medicine/index.ts';
import NotFoundPage from '../ui/NotFoundPage.tsx';

type ChatTimPages = Awaited<ReturnType<typeof loadChatTimPages>>;
type MedicineTimPages = Awaited<ReturnType<typeof loadMedicineTimPages>>;

/**
 * rootPages/tim/<page>: one route for the chat's secondary pages and the 问诊 pages that share its
 * path (their paths and titles are in PATHS / PAGE_CONFIG), so the home route's router table stays
 * small. It puts two features together, so it lives with the router; lazyPages.ts loads this file
 * and both features' pages at once (their index.ts loaders: a static import of the pages through
 * an index the entry also imports would put them in the entry chunk).
 */
export function timPages(chat: ChatTimPages, medicine: MedicineTimPages): ComponentType {
  const pages: Record<string, ComponentType> = {
    userInfo: chat.ChatUserPage,
    contacts: chat.ContactsPage,
    friendRequests: chat.FriendRequestsPage,
    addFriend: chat.AddFriendPage,
    blacklist: chat.BlacklistPage,
    groupCreate: chat.GroupCreatePage,
    groupInfo: chat.GroupInfoPage,
    groupMembers: chat.GroupMembersPage,
    groupNotices: chat.GroupNoticesPage,
    chatRooms: chat.ChatRoomsPage,
    writeVisit: medicine.WriteVisitPage,
    preInfo: medicine.PrescriptionPage,
    pharmacistDesk: medicine.PharmacistDeskPage,
    starYaoOfficer: medicine.StarPharmacistsPage,
  };
  return function TimPages() {
    const Page = pages[useParams().page ?? ''] ?? NotFoundPage;
    return <Page />;
  };
}
