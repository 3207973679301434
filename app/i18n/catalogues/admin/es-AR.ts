import adminEsPY from "./es-PY.ts";

/** The es-AR texts of the back office: es-PY's, as decision 016 has it for texts Argentine Spanish says alike. */
export default adminEsPY;
