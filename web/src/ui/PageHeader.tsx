import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/**
 * The title bar of a screen: title (the page's one `h1`) and the screen's buttons. Breadcrumbs are the shell's (derived from the path
 * and the menu registry), so screens do not repeat them.
 */
export function PageHeader(props: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }} data-testid="page-header">
      <Typography.Title level={1} style={{ margin: 0 }} data-testid="page-title">
        {props.title}
      </Typography.Title>
      {props.extra && (
        <Flex gap={8} wrap>
          {props.extra}
        </Flex>
      )}
    </Flex>
  );
}
