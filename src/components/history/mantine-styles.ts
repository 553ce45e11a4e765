// Styles of the Mantine components only the history and fleet pages use; the shell imports the
// rest (src/app/styles.ts). Loaded with these pages' chunks, not the first page.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Grid.css';
// The Follow live switch; its label and description are laid out by InlineInput.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
// The Fleet list's "Only nodes with active alarms" filter (InlineInput lays out its label).
import '@mantine/core/styles/Checkbox.css';
// The trips panel's choice of table (a chip per table).
import '@mantine/core/styles/Chip.css';
// The Fleet page's options on a phone (a drawer from the bottom; ModalBase is the shell's).
import '@mantine/core/styles/Drawer.css';
