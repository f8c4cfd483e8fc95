import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@chaopin/contracts';
import { List } from 'antd-mobile';
import { type ChangeEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { useSession } from '../../../core/session.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { hideToast, showLoading, showSuccess, showToast } from '../../../ui/toast.ts';
import { userApi } from '../api.ts';
import { NicknameDialog } from '../components/NicknameDialog.tsx';
import '../user.css';

export default function UserInfoPage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editingName, setEditingName] = useState(false);
  if (!user) return null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire change again
    if (!file) return showToast('路径错误');
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      return showToast('仅支持 JPG、PNG、GIF、WEBP 格式的图片');
    }
    if (file.size > IMAGE_MAX_BYTES) return showToast('图片不能超过10MB');
    showLoading('上传中');
    try {
      const url = await uploadApi.image(file, file.name);
      setUser(await userApi.updateProfile({ avatar: url }));
      hideToast();
      showSuccess('上传成功');
    } catch (error) {
      hideToast();
      showToast(isApiError(error) ? `上传失败，${error.msg}` : '上传失败');
    }
  };

  return (
    <div className="form-page">
      <List>
        <List.Item
          onClick={() => fileInput.current?.click()}
          extra={
            <Img
              className="user-info__avatar"
              src={user.avatar}
              fallback={DEFAULT_AVATAR}
              alt="头像"
              data-testid="userinfo-avatar"
            />
          }
        >
          头像
        </List.Item>
        <List.Item
          extra={<span data-testid="userinfo-nickname">{user.nickname}</span>}
          onClick={() => setEditingName(true)}
        >
          昵称
        </List.Item>
        <List.Item extra={user.phone} onClick={() => navigate(PATHS.modifyMobile)}>
          手机号
        </List.Item>
      </List>
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        data-testid="avatar-input"
        onChange={onFile}
        tabIndex={-1}
        aria-hidden
      />
      <NicknameDialog
        visible={editingName}
        initial={user.nickname}
        onClose={() => setEditingName(false)}
        onSaved={(updated) => {
          setUser(updated);
          setEditingName(false);
        }}
      />
    </div>
  );
}
