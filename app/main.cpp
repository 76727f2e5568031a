// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-explorer: the desktop window. Everything but main() lives in the app/ui libraries.
#include "window/explorer.h"

int main(int argc, char** argv) { return roofline::ui::runExplorer(argc, argv); }
