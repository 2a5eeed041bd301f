/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCC internals the plugin uses, in one place.  GCC's headers must come
 * in this order (gcc-plugin.h first); keeping the list here spares every
 * source file from repeating it.
 */
#ifndef UACCESS_GCC_INCLUDES_H
#define UACCESS_GCC_INCLUDES_H

#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "ssa.h"
#include "cgraph.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "gimple-iterator.h"
#include "tree-dfa.h"
#include "tree-ssa-alias.h"
#include "stringpool.h"
#include "attribs.h"
#include "cfghooks.h"
#include "dominance.h"
#include "fold-const.h"
#include "tree-pretty-print.h"
#include "langhooks.h"
#include "tree-cfg.h"

#endif
