// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __copy_from_user() of an ioctl's array of bind operations with no access_ok()
 * check-description: The drm/xe vm_bind_ioctl_check_args() shape (drivers/gpu/drm/xe/xe_vm.c, fixed with the driver's other __copy_from_user() calls by aef87a5fdb51 "drm/xe: Use copy_from_user() instead of __copy_from_user()", 2025): the ioctl argument block, already in kernel memory, carries the user address of an array of bind operations as a u64; a helper in the same unit turns it into a pointer and copies num_binds entries with __copy_from_user(), which checks nothing on x86, and no access_ok() covers the array.
 * check-level: 0
 *
 * check-output-start
family_xe_vm_bind.c:54:21: warning: __copy_from_user() on 'bind_user' is not validated by access_ok() on every path; copy_from_user() checks it [-Wuaccess-unchecked]
family_xe_vm_bind.c:54:21: note: no check of 'bind_user' (= args->vector_of_binds) was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_MAX_BINDS	512

struct uc_vm_bind_op {
	u64 obj_offset;
	u64 range;
	u64 addr;
	u32 op;
	u32 flags;
};

struct uc_vm_bind_args {
	__u32 vm_id;
	__u32 num_binds;
	union {
		struct uc_vm_bind_op bind;
		__u64 vector_of_binds;
	};
};

static int uc_vm_bind_check_args(struct uc_vm_bind_args *args,
				 struct uc_vm_bind_op **bind_ops)
{
	u32 i;

	if (!args->num_binds || args->num_binds > UC_MAX_BINDS)
		return -EINVAL;

	if (args->num_binds > 1) {
		u64 __user *bind_user = u64_to_user_ptr(args->vector_of_binds);

		*bind_ops = kcalloc(args->num_binds, sizeof(**bind_ops),
				    GFP_KERNEL);
		if (!*bind_ops)
			return -ENOMEM;
		if (__copy_from_user(*bind_ops, bind_user,
				     sizeof(**bind_ops) * args->num_binds)) {
			kfree(*bind_ops);
			return -EFAULT;
		}
	} else {
		*bind_ops = &args->bind;
	}

	for (i = 0; i < args->num_binds; i++) {
		if ((*bind_ops)[i].range & 0xfff)
			goto einval;
	}
	return 0;
einval:
	if (*bind_ops != &args->bind)
		kfree(*bind_ops);
	return -EINVAL;
}

int uc_vm_bind_ioctl(void *data);
int uc_vm_bind_ioctl(void *data)
{
	struct uc_vm_bind_args *args = data;
	struct uc_vm_bind_op *bind_ops;
	int err;

	err = uc_vm_bind_check_args(args, &bind_ops);
	if (err)
		return err;
	if (bind_ops != &args->bind)
		kfree(bind_ops);
	return 0;
}
EXPORT_SYMBOL_GPL(uc_vm_bind_ioctl);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __copy_from_user() of an ioctl's array of bind operations with no access_ok()");
