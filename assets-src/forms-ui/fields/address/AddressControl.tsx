/**
 * Address fields (docs/field-types.md): the address script's control. Its inputs work without
 * JavaScript, so it is the basic control itself (basic/BasicAddress.tsx), which form-view
 * renders before the scripts run.
 */
export { BasicAddress as AddressControl } from '../basic/BasicAddress';
