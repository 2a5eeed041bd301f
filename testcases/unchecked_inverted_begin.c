// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: inverted begin test
 * check-description: The begin result is tested the wrong way round (the powerpc 5.13 do_setcontext() bug): when the begin succeeds the function returns with the region open, and the read is reached only when it failed, so there args->uctx is unvalidated and no region is open.
 * check-level: 0
 *
 * check-output-start
unchecked_inverted_begin.c:35:17: warning: returns with the user-access region still open [-Wuaccess-region]
unchecked_inverted_begin.c:34:13: note: region opened here
unchecked_inverted_begin.c:36:9: warning: unsafe_get_user() on 'args->uctx' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_inverted_begin.c:34:13: note: this check of the pointer does not cover every path to the access
unchecked_inverted_begin.c:36:9: warning: unsafe_get_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_context {
	u64 flags;
	u64 sp;
};

struct ctx_args {
	const struct uc_context __user *uctx;
	u64 flags;
};

int restore_ctx(struct ctx_args *args);
int restore_ctx(struct ctx_args *args)
{
	if (user_read_access_begin(args->uctx, sizeof(struct uc_context)))
		return -EFAULT;
	unsafe_get_user(args->flags, &args->uctx->flags, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(restore_ctx);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: inverted begin test");
