// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a helper that ends its caller's region
 * check-description: finish() ends the region put_then_finish() opened, on every path, and so does finish_via(), which only calls finish(): neither caller returns with the region open, and the unsafe_put_user() after finish() in put_after_finish() is outside a region. maybe_finish() ends it on some paths only, so after it the region is open on the others: put_maybe() still returns with it open, and the access after it in put_after_maybe() is outside the region on some path. The helpers themselves get no finding for ending a region they did not open.
 * check-level: 0
 *
 * check-output-start
helper_ends_region.c:67:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
helper_ends_region.c:86:9: warning: returns with the user-access region still open [-Wuaccess-region]
helper_ends_region.c:82:14: note: region opened here
helper_ends_region.c:102:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair {
	u32 __user *out;
	u32 a, b;
	bool early;
};

static noinline void finish(void)
{
	user_access_end();
}

static noinline void finish_via(void)
{
	finish();
}

static noinline void maybe_finish(bool early)
{
	if (early)
		user_access_end();
}

int put_then_finish(struct uc_pair *x);
int put_then_finish(struct uc_pair *x)
{
	u32 __user *p = x->out;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(x->a, p, efault);
	finish();
	return 0;
efault:
	finish_via();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_then_finish);

int put_after_finish(struct uc_pair *x);
int put_after_finish(struct uc_pair *x)
{
	u32 __user *p = x->out;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(x->a, p, efault);
	finish();
	unsafe_put_user(x->b, p + 1, efault_closed);
	return 0;
efault_closed:
	return -EFAULT;
efault:
	finish();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_after_finish);

int put_maybe(struct uc_pair *x);
int put_maybe(struct uc_pair *x)
{
	u32 __user *p = x->out;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(x->a, p, efault);
	maybe_finish(x->early);
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_maybe);

int put_after_maybe(struct uc_pair *x);
int put_after_maybe(struct uc_pair *x)
{
	u32 __user *p = x->out;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(x->a, p, efault);
	maybe_finish(x->early);
	unsafe_put_user(x->b, p + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_after_maybe);

MODULE_LICENSE("GPL");
