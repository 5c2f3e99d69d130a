import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

// Only the pieces the dashboard's and the reports' line charts use, so the rest of Chart.js is left out of the
// bundle. (react-chartjs-2's Line registers the LineController itself.)
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);
