import type { ConfigProviderProps } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

/**
 * Every password field's show/hide toggle as a 24 px target (WCAG 2.2's minimum; antd's icon is 14 px). The suffix
 * gives back the 2 px it adds, so a password field stays as tall as the inputs beside it.
 */
export const PASSWORD_INPUT: ConfigProviderProps['inputPassword'] = {
  iconRender: (visible) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 24, height: 24 }}>{visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>
  ),
  styles: { suffix: { marginBlock: -1 } },
};
