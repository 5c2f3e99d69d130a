import { Line } from 'react-chartjs-2';
import './chart-register';

/** react-chartjs-2's Line with the Chart.js pieces it draws with registered: the chunk LineNearView loads. */
export default Line;
