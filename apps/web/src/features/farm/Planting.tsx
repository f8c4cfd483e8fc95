import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { showSuccess, showToast } from '../../ui/toast.ts';
import { farmApi, farmKeys } from './api.ts';
import { errorText } from './errorText.ts';
import { FarmTreeArt, fruitColour } from './FarmTree.tsx';

/** No live tree: choose a fruit kind to plant. */
export function Planting({ lastHarvest }: { lastHarvest: string | null }) {
  const queryClient = useQueryClient();
  const fruits = useQuery({ queryKey: farmKeys.fruits, queryFn: farmApi.fruits });
  const plant = useMutation({
    mutationFn: farmApi.plant,
    onSuccess: (data) => {
      queryClient.setQueryData(farmKeys.home, data);
      showSuccess('种下啦，快去浇水吧');
    },
    onError: (error) => showToast(errorText(error)),
  });
  return (
    <div className="farm-plant" data-testid="farm-plant">
      <FarmTreeArt stage={0} fruitId={0} watering={false} />
      <p className="farm-plant__tip">
        {lastHarvest
          ? `上一棵已收获「${lastHarvest}」，再种一棵吧`
          : '选一棵果树种下，浇水到成熟就能收获'}
      </p>
      {fruits.isPending ? (
        <DotLoading />
      ) : (fruits.data?.list.length ?? 0) === 0 ? (
        <p className="farm-muted">暂时没有可种的果树</p>
      ) : (
        <div className="farm-fruits">
          {fruits.data?.list.map((f) => (
            <button
              type="button"
              key={f.id}
              className="farm-fruit"
              disabled={plant.isPending}
              onClick={() => plant.mutate(f.id)}
            >
              <span className="farm-fruit__dot" style={{ background: fruitColour(f.id) }} />
              <b>{f.name}</b>
              <span className="farm-muted">需 {f.waterNeeded} 滴水</span>
              <span className="farm-fruit__reward">{f.rewardTitle}</span>
              <span className="farm-fruit__go">种下</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
