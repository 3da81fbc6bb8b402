/**
 * The date field with its date picker (build/form-date.js): printed by the server only on pages
 * whose form has such a field (Assets::enqueue_field_scripts(), plugin/data/field-scripts.json),
 * before form-view, whose modules it shares (webpack `dependOn`). It provides the field's control
 * (forms-ui/fields/script-controls.ts).
 */
import { provideControls } from '../forms-ui/fields/script-controls';
import { DateControl } from '../forms-ui/fields/date/DateControl';

provideControls( { date: DateControl } );
