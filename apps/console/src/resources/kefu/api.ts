import type { ApiData, ApiRequestBody } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

// The 客服 desk's routes (admin/chat/*, admin/store/chatReply), typed from the API document.
const BASE = '/chaopin-boot/api/v1/admin';

export type DeskCredential = ApiData<'admin/chat/credential'>;
export type DeskConversation = ApiData<'admin/chat/queue'>['list'][number];
export type DeskState = ApiData<'admin/chat/claim', 'post'>;
export type DeskAgent = ApiData<'admin/chat/agents'>['list'][number];
export type DeskBuyer = ApiData<'admin/chat/buyer'>;
export type QuickReply = ApiData<'admin/chat/quickReply/list'>['list'][number];
export type QuickReplySave = ApiRequestBody<'admin/chat/quickReply/save'>;
export type ChatReplySettings = ApiData<'admin/store/chatReply'>;
export type ChatReplySave = ApiRequestBody<'admin/store/chatReply'>;

export const credential = (storeId: number) =>
  typed(api.GET(`${BASE}/chat/credential`, { params: { query: { storeId } } }));

/** Every waiting buyer of the store (the queue is short: one page of 100). */
export const loadQueue = (storeId: number) =>
  typed(api.GET(`${BASE}/chat/queue`, { params: { query: { storeId, pageSize: 100 } } }));

export const loadMine = (storeId: number) =>
  typed(api.GET(`${BASE}/chat/mine`, { params: { query: { storeId, pageSize: 100 } } }));

export const claim = (conversation: number) =>
  typed(api.POST(`${BASE}/chat/claim`, { body: { conversation } }));

export const transfer = (conversation: number, toAgentUserId: number) =>
  typed(api.POST(`${BASE}/chat/transfer`, { body: { conversation, toAgentUserId } }));

export const closeConversation = (conversation: number) =>
  typed(api.POST(`${BASE}/chat/close`, { body: { conversation } }));

export const loadAgents = (storeId: number) =>
  typed(api.GET(`${BASE}/chat/agents`, { params: { query: { storeId } } }));

export const loadBuyer = (storeId: number, buyer: string) =>
  typed(api.GET(`${BASE}/chat/buyer`, { params: { query: { storeId, buyer } } }));

export const loadQuickReplies = (storeId: number) =>
  typed(api.GET(`${BASE}/chat/quickReply/list`, { params: { query: { storeId, pageSize: 100 } } }));

export const saveQuickReply = (body: QuickReplySave) =>
  typed(api.POST(`${BASE}/chat/quickReply/save`, { body }));

export const removeQuickReply = (id: number) =>
  typed(api.POST(`${BASE}/chat/quickReply/delete`, { body: { id } }));

export const loadChatReply = (storeId: number) =>
  typed(api.GET(`${BASE}/store/chatReply`, { params: { query: { storeId } } }));

export const saveChatReply = (body: ChatReplySave) =>
  typed(api.POST(`${BASE}/store/chatReply`, { body }));
