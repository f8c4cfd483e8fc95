import { Popup } from 'antd-mobile';
import { type ChosenLocation, LocationForm } from './LocationForm.tsx';

/** Sending a location in a chat. */
export function LocationSheet({
  visible,
  onClose,
  onSend,
}: {
  visible: boolean;
  onClose: () => void;
  onSend: (loc: ChosenLocation) => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyStyle={{ padding: 16, borderRadius: '12px 12px 0 0' }}
    >
      <LocationForm title="发送位置" action="发送" onDone={onSend} />
    </Popup>
  );
}
