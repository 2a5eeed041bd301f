// SPDX-License-Identifier: GPL-2.0
/*
 * A helper without a begin that ends its caller's region ends it for the caller
 * (docs/diagnostics.md, "Conventions of the generated-program oracle": helpers that end their
 * caller's region). put_end_all(): done() ends it on every path, so the return after it is not
 * an open return and the second begin is not nested; the plugin says both. put_end_some():
 * maybe_done() ends it on one path only, so the access after the call is outside a region on
 * some path (the plugin is silent) and the return is an open return (which the plugin says).
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct g_rec {
	u32 a;
	u32 b;
};

static __always_inline void done(void)
{
	user_access_end();
}

static __always_inline void maybe_done(u32 flag)
{
	if (flag)
		user_access_end();
}

int put_end_all(struct g_rec __user *p, struct g_rec __user *q, u32 v);
int put_end_all(struct g_rec __user *p, struct g_rec __user *q, u32 v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->a, efault);
	done();
	if (!user_write_access_begin(q, sizeof(*q)))
		return -EFAULT;
	unsafe_put_user(v, &q->b, efault);
	done();
	return 0;
efault:
	done();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_end_all);

int put_end_some(struct g_rec __user *p, u32 v, u32 flag);
int put_end_some(struct g_rec __user *p, u32 v, u32 flag)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->a, efault);
	maybe_done(flag);
	unsafe_put_user(v, &p->b, efault);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_end_some);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check fuzz finding: a helper that ends its caller's region");

/*
 * expected:
 *   end_helper.c:58:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 *   end_helper.c:59:9: warning: returns with the user-access region still open [-Wuaccess-region]
 * printed (plugin at 01b00cf):
 *   end_helper.c:40:14: warning: user_write_access_begin() opens a user-access region inside one already open [-Wuaccess-region]
 *   end_helper.c:41:17: warning: returns with the user-access region still open [-Wuaccess-region]
 *   end_helper.c:44:9: warning: returns with the user-access region still open [-Wuaccess-region]
 *   end_helper.c:47:9: warning: returns with the user-access region still open [-Wuaccess-region]
 *   end_helper.c:59:9: warning: returns with the user-access region still open [-Wuaccess-region]
 */
