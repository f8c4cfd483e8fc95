import { InboxOutlined } from '@ant-design/icons';
import { SHIP_IMPORT_MAX_ROWS } from '@chaopin/contracts';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import { importShipments, type ShipImportResult } from './api.ts';

type Failed = ShipImportResult['failed'][number];

const TEMPLATE = '订单号,快递公司,快递单号\n';
/** The server takes up to 1 MiB (5,000 rows fit well under it). */
const MAX_BYTES = 1024 * 1024;

/** A CSV template to fill in (UTF-8 with a BOM, so that Excel shows the Chinese header). */
function downloadTemplate() {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(
    new Blob([`\uFEFF${TEMPLATE}`], { type: 'text/csv;charset=utf-8' }),
  );
  link.download = '批量发货模板.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * 批量发货: upload a CSV (订单号,快递公司,快递单号 per line, header optional); each row ships on its
 * own, and the rows refused are listed with their line in the file and the reason.
 */
export function ShipImportDialog(props: { open: boolean; onClose: (changed: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShipImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    setResult(null);
    if (file.size > MAX_BYTES) {
      setError('文件不能超过1MB，请分批导入');
      return;
    }
    setBusy(true);
    try {
      setResult(await importShipments(file));
    } catch (e) {
      setError(errorMessage(e, '导入失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="批量发货"
      open={props.open}
      width={760}
      onCancel={() => props.onClose(Boolean(result?.shipped))}
      afterClose={() => {
        setResult(null);
        setError(null);
      }}
      footer={
        <Button type="primary" onClick={() => props.onClose(Boolean(result?.shipped))}>
          完成
        </Button>
      }
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          每行一单：订单号,快递公司,快递单号（首行表头可有可无，最多{SHIP_IMPORT_MAX_ROWS}
          行）。快递公司可填名称或编码，如 顺丰 / SF。每行单独发货，有误的行不会发货。{' '}
          <Typography.Link onClick={downloadTemplate}>下载模板</Typography.Link>
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".csv,text/csv"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? '正在发货…' : '点击或拖拽 CSV 文件到此处'}</p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {result ? (
          <>
            <Alert
              type={result.failed.length ? 'warning' : 'success'}
              showIcon
              message={`发货成功 ${result.shipped} 单${
                result.unchanged ? `，已发过 ${result.unchanged} 单（未重复发货）` : ''
              }${result.failed.length ? `，失败 ${result.failed.length} 行` : ''}`}
            />
            {result.failed.length ? (
              <Table<Failed>
                dataSource={result.failed}
                rowKey={(f) => `${f.line}-${f.orderNo}`}
                size="small"
                pagination={result.failed.length > 10 ? { pageSize: 10 } : false}
              >
                <Table.Column<Failed> title="行号" dataIndex="line" width={70} />
                <Table.Column<Failed>
                  title="订单号"
                  dataIndex="orderNo"
                  width={200}
                  render={(no: string) => no || '—'}
                />
                <Table.Column<Failed> title="原因" dataIndex="msg" />
              </Table>
            ) : null}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
