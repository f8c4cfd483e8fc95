import type { SkuView, SpecAxis } from '@chaopin/contracts';
import { type SpecChoice, toggleValue, valueAvailable } from '@chaopin/core/sku';
import { Text, View } from '@tarojs/components';

/** The spec axes as chips (packages/core's rules: a value without stock cannot be picked). */
export function SpecPicker(props: {
  skus: SkuView[];
  axes: SpecAxis[];
  choice: SpecChoice;
  onChange: (choice: SpecChoice) => void;
}) {
  const { skus, axes, choice, onChange } = props;
  return (
    <View className="pd-specs">
      {axes.map((axis) => (
        <View key={axis.name} className="pd-specs__axis">
          <Text className="pd-specs__name">{axis.name}</Text>
          <View className="pd-specs__values">
            {axis.values.map((value) => {
              const available = valueAvailable(skus, choice, axis.name, value);
              const chosen = choice[axis.name] === value;
              const className = `pd-specs__value${chosen ? ' is-chosen' : ''}${available ? '' : ' is-off'}`;
              return (
                <Text
                  key={value}
                  className={className}
                  onClick={() => available && onChange(toggleValue(choice, axis.name, value))}
                >
                  {value}
                </Text>
              );
            })}
          </View>
        </View>
      ))}
    </View>
  );
}
