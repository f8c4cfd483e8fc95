import { LocationFill } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';
import { LocationForm } from '../components/LocationForm.tsx';
import '../../../ui/chat/chat.css';

/** sessionStorage key of the place chosen, for the page that opened /choose-location. */
export const CHOSEN_LOCATION_KEY = 'chaopin.chosenLocation';

/**
 * /choose-location: choose a place (address and coordinates). The choice is left in
 * sessionStorage for the page that opened this one, which it goes back to; opened on its own, it
 * shows the place chosen.
 */
export default function ChooseLocationPage() {
  const navigate = useNavigate();
  return (
    <div className="choose-location">
      <div className="open-location__pin" aria-hidden>
        <LocationFill />
      </div>
      <p className="choose-location__hint">输入地址，点“定位”可取当前位置的坐标</p>
      <LocationForm
        action="确定"
        onDone={(loc) => {
          sessionStorage.setItem(CHOSEN_LOCATION_KEY, JSON.stringify(loc));
          if (window.history.state?.idx > 0) return navigate(-1);
          const q = new URLSearchParams({
            address: loc.description,
            latitude: String(loc.latitude),
            longitude: String(loc.longitude),
          });
          navigate(`${PATHS.openLocation}?${q}`, { replace: true });
        }}
      />
    </div>
  );
}
