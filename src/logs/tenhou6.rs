//! tenhou.net/6 JSON (work in progress).
