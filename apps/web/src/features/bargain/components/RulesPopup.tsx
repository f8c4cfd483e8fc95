import type { BargainEdition } from '@chaopin/contracts';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';

/** The edition's rules page (operator text, one rule a line). */
export function RulesPopup({
  edition,
  visible,
  onClose,
}: {
  edition: BargainEdition;
  visible: boolean;
  onClose: () => void;
}) {
  const lines = edition.rulesText.split('\n').filter((l) => l.trim() !== '');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={`bg-rules bg--${edition.edition}`}
    >
      <div className="bg-rules__body" data-testid="bargain-rules">
        <header>
          <h3>{edition.title}规则</h3>
          <button type="button" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        <ol>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </div>
    </Popup>
  );
}
