import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload } from 'antd';
import { useState } from 'react';
import { acceptOf, errorText, uploadFile, uploadProblem } from './upload.ts';

/**
 * One picture (an icon, a banner, a SKU's photo): click or drop a file; it is uploaded at once
 * and the field holds its URL. A controlled antd form field (`value` / `onChange`).
 */
export function ImageUpload(props: {
  value?: string | null;
  onChange?: (url: string) => void;
  size?: number;
  label?: string;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const size = props.size ?? 96;
  return (
    <Upload
      accept={acceptOf('image')}
      listType="picture-card"
      showUploadList={false}
      className="image-upload"
      beforeUpload={(file) => {
        const problem = uploadProblem('image', file);
        if (problem) message.error(problem);
        return problem ? Upload.LIST_IGNORE : true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const url = await uploadFile('image', file as File);
          props.onChange?.(url);
          onSuccess?.(url);
        } catch (error) {
          message.error(errorText(error));
          onError?.(error as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div style={{ width: size - 16, height: size - 16, display: 'grid', placeItems: 'center' }}>
        {props.value && !busy ? (
          <img
            src={props.value}
            alt={props.label ?? ''}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <div>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 4, fontSize: 12 }}>{props.label ?? '上传'}</div>
          </div>
        )}
      </div>
    </Upload>
  );
}
