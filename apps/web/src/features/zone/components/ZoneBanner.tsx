import type { ZoneInfo } from '@chaopin/contracts';
import { Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Img } from '../../../ui/Img.tsx';

/** The zone's banner with its 活动规则 sheet; `children` sit under the banner (status, chips). */
export function ZoneBanner({ zone, children }: { zone: ZoneInfo; children?: ReactNode }) {
  const [rules, setRules] = useState(false);
  return (
    <section className="zone-banner" style={{ background: zone.theme }}>
      {zone.banner ? (
        <Img className="zone-banner__image" src={zone.banner} alt={zone.title} loading="eager" />
      ) : (
        <h2 className="zone-banner__title">{zone.title}</h2>
      )}
      {zone.rules && (
        <button type="button" className="zone-banner__rules" onClick={() => setRules(true)}>
          活动规则
        </button>
      )}
      {children}
      <Popup
        visible={rules}
        onMaskClick={() => setRules(false)}
        onClose={() => setRules(false)}
        bodyClassName="zone-rules"
        showCloseButton
      >
        <h3 className="zone-rules__title">活动规则</h3>
        <p className="zone-rules__text">{zone.rules}</p>
      </Popup>
    </section>
  );
}
