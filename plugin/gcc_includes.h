/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GCC internals the plugin uses, in one place.  GCC's headers must come
 * in this order (gcc-plugin.h first); keeping the list here spares every
 * source file from repeating it.  What differs between the GCC versions
 * the plugin is built for (11 and 12) is bridged here too.
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
#include "bversion.h"

/* GCC 12 added startswith() to system.h; GCC 11 loads the same plugin. */
#if BUILDING_GCC_MAJOR < 12
static inline bool startswith(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}
#endif

/*
 * -ftrivial-auto-var-init (GCC 12) initialises locals through an internal
 * call; GCC 11 has neither.
 */
static inline bool ua_is_deferred_init(const gimple *stmt)
{
#if BUILDING_GCC_MAJOR >= 12
	return gimple_call_internal_fn(stmt) == IFN_DEFERRED_INIT;
#else
	return false;
#endif
}

#endif
